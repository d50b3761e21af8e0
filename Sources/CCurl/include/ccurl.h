#ifndef CCURL_H
#define CCURL_H
// libcurl's curl_easy_setopt/getinfo are variadic C macros-on-functions that Swift cannot call;
// these typed wrappers are the whole reason this C target exists. The curl transport fills them in.
#include <curl/curl.h>
#endif
