// libxml2's streaming parsers (SAX2 push parser, xmlTextReader) and its error types; pkg-config adds -I/usr/include/libxml2.
#include <libxml/xmlversion.h>
// Debian builds libxml2 with ICU, and <libxml/encoding.h> then pulls in the system's ICU headers,
// which clash with the ICU copy inside swift-corelibs-foundation in any module that also imports
// Foundation. Nothing here needs ICU types: hide them (this only drops two pointer fields at the
// end of xmlCharEncodingHandler, a struct Swift code never allocates or reads).
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/xmlreader.h>
#include <libxml/xmlerror.h>
