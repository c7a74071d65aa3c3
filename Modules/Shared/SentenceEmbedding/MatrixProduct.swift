import COpenBLAS

/// Row-major matrix products through OpenBLAS.
enum MatrixProduct {
    /// `c = a · bᵀ (+ c when accumulating)`, where `a` is rows×depth and `b` is columns×depth,
    /// the shape of a linear layer whose weight matrix is stored output-major.
    @inline(__always)
    static func multiplyTransposed(
        _ a: UnsafePointer<Float>, leadingA: Int, _ b: UnsafePointer<Float>, leadingB: Int,
        into c: UnsafeMutablePointer<Float>, leadingC: Int,
        rows: Int, columns: Int, depth: Int, scale: Float = 1, accumulate: Bool = false
    ) {
        cblas_sgemm(
            CblasRowMajor, CblasNoTrans, CblasTrans, blasint(rows), blasint(columns), blasint(depth),
            scale, a, blasint(leadingA), b, blasint(leadingB), accumulate ? 1 : 0, c, blasint(leadingC))
    }

    /// `c = a · b`, where `a` is rows×depth and `b` is depth×columns.
    @inline(__always)
    static func multiply(
        _ a: UnsafePointer<Float>, leadingA: Int, _ b: UnsafePointer<Float>, leadingB: Int,
        into c: UnsafeMutablePointer<Float>, leadingC: Int, rows: Int, columns: Int, depth: Int
    ) {
        cblas_sgemm(
            CblasRowMajor, CblasNoTrans, CblasNoTrans, blasint(rows), blasint(columns), blasint(depth),
            1, a, blasint(leadingA), b, blasint(leadingB), 0, c, blasint(leadingC))
    }
}
