// OpenBLAS's CBLAS interface (cblas_sgemm, openblas_set_num_threads); the include path comes from openblas.pc.
#include <cblas.h>
