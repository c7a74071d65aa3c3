// zlib's inflate, for gzip-compressed input (the arXiv snapshot, saved OAI-PMH responses).
#include <zlib.h>
