#pragma once

// The Adler-32 checksum that ends a zlib stream (RFC 1950), with SSE2 where the processor has
// it: zlib's own adds up one byte at a time, a twentieth of a cold PNG export's instructions.

#include <QtGlobal>

#include <cstddef>

namespace rooflab {

// `adler` (1 for a new stream) updated with `size` bytes at `data`; the same value as zlib's
// adler32().
quint32 adler32Update(quint32 adler, const uchar *data, std::size_t size);

} // namespace rooflab
