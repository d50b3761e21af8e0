#define _GNU_SOURCE
#include "ccurl.h"

#include <pthread.h>

static pthread_once_t ccurl_global_once = PTHREAD_ONCE_INIT;
static CURLcode ccurl_global_result = CURLE_FAILED_INIT;

static void ccurl_global_init_body(void) { ccurl_global_result = curl_global_init(CURL_GLOBAL_DEFAULT); }

CURLcode ccurl_global_init_once(void) {
    pthread_once(&ccurl_global_once, ccurl_global_init_body);
    return ccurl_global_result;
}

CURLcode ccurl_easy_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

CURLcode ccurl_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

CURLcode ccurl_easy_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

CURLcode ccurl_easy_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

CURLcode ccurl_easy_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(handle, option, value);
}

CURLcode ccurl_easy_setopt_write_callback(CURL *handle, CURLoption option, curl_write_callback callback) {
    return curl_easy_setopt(handle, option, callback);
}

CURLcode ccurl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

CURLMcode ccurl_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
    return curl_multi_setopt(multi, option, value);
}

void ccurl_name_current_thread(const char *name) { (void)pthread_setname_np(pthread_self(), name); }
