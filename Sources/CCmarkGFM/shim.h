// The C API of cmark-gfm and its GitHub extensions, as installed by Debian's
// libcmark-gfm-dev and libcmark-gfm-extensions-dev.
#include <cmark-gfm.h>
#include <cmark-gfm-extension_api.h>
#include <cmark-gfm-core-extensions.h>
