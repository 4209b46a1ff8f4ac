// zlib, for gzip request and response bodies (Debian: zlib1g-dev; macOS: the SDK's).
#include <zlib.h>
