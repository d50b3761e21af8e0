#ifndef CCURL_H
#define CCURL_H
// libcurl's curl_easy_setopt, curl_easy_getinfo and curl_multi_setopt are variadic, and Swift cannot call a
// variadic C function. These typed wrappers, one per argument type, are the whole reason this C target exists.
// Each returns libcurl's own result code unchanged.
#include <curl/curl.h>

/// Calls curl_global_init(CURL_GLOBAL_DEFAULT) once per process, however many threads ask; later calls return the
/// first call's result. libcurl 7.88 documents curl_global_init as not thread-safe, hence the pthread_once.
CURLcode ccurl_global_init_once(void);

CURLcode ccurl_easy_setopt_long(CURL *handle, CURLoption option, long value);
CURLcode ccurl_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value);
/// libcurl copies string arguments (since 7.17.0), except CURLOPT_POSTFIELDS, which callers must not pass here.
CURLcode ccurl_easy_setopt_string(CURL *handle, CURLoption option, const char *value);
CURLcode ccurl_easy_setopt_pointer(CURL *handle, CURLoption option, void *value);
CURLcode ccurl_easy_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value);
/// For CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION, which share curl_write_callback's signature.
CURLcode ccurl_easy_setopt_write_callback(CURL *handle, CURLoption option, curl_write_callback callback);

CURLcode ccurl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value);

CURLMcode ccurl_multi_setopt_long(CURLM *multi, CURLMoption option, long value);

/// Names the calling thread (at most 15 characters) so `top -H` shows which thread is curl's.
/// pthread_setname_np needs _GNU_SOURCE, which Swift's Glibc module does not define.
void ccurl_name_current_thread(const char *name);

#endif
