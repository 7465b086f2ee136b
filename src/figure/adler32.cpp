// Adler-32 (adler32.h): a = 1 + the sum of the bytes, b = the sum of the a's after each byte,
// both modulo 65521, the checksum b * 65536 + a.
#include "adler32.h"

#include <algorithm>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace rooflab {

namespace {

constexpr quint32 modulus = 65521;

#if defined(__SSE2__)
// The sum of the four 32-bit lanes of `v`.
quint64 laneSum32(__m128i v)
{
    alignas(16) quint32 lanes[4];
    _mm_store_si128(reinterpret_cast<__m128i *>(lanes), v);
    return quint64(lanes[0]) + lanes[1] + lanes[2] + lanes[3];
}

// The sum of the two 64-bit lanes of `v`.
quint64 laneSum64(__m128i v)
{
    alignas(16) quint64 lanes[2];
    _mm_store_si128(reinterpret_cast<__m128i *>(lanes), v);
    return lanes[0] + lanes[1];
}

// `blocks` blocks of 16 bytes at `data` added to (a, b), not reduced. Over the n = 16 * blocks
// bytes x[t], b grows by n * a + the sum of (n - t) * x[t]: for byte j of block k that is
// 16 * (blocks - 1 - k) + (16 - j), the first part gathered from the block sums before each
// block, the second a weighted sum within the block.
void addBlocks(quint64 &a, quint64 &b, const uchar *data, std::size_t blocks)
{
    const __m128i zero = _mm_setzero_si128();
    const __m128i weightsLow = _mm_setr_epi16(16, 15, 14, 13, 12, 11, 10, 9);
    const __m128i weightsHigh = _mm_setr_epi16(8, 7, 6, 5, 4, 3, 2, 1);
    __m128i sums = zero;        // the byte sums so far, in two 64-bit lanes
    __m128i earlierSums = zero; // for each block, the sums of the blocks before it, added up
    __m128i weighted = zero;    // the weighted sums within the blocks, in four 32-bit lanes
    for (std::size_t k = 0; k < blocks; ++k) {
        const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i *>(data + 16 * k));
        earlierSums = _mm_add_epi64(earlierSums, sums);
        sums = _mm_add_epi64(sums, _mm_sad_epu8(bytes, zero));
        weighted = _mm_add_epi32(
            weighted, _mm_add_epi32(_mm_madd_epi16(_mm_unpacklo_epi8(bytes, zero), weightsLow),
                                    _mm_madd_epi16(_mm_unpackhi_epi8(bytes, zero), weightsHigh)));
    }
    b += 16 * blocks * a + 16 * laneSum64(earlierSums) + laneSum32(weighted);
    a += laneSum64(sums);
}
#endif

} // namespace

quint32 adler32Update(quint32 adler, const uchar *data, std::size_t size)
{
    quint64 a = adler & 0xffff, b = adler >> 16;
#if defined(__SSE2__)
    // 4096 bytes at a time: the 32-bit weighted lanes stay far from overflowing (each block adds
    // at most 255 * 136 over the four), and a and b are reduced between runs.
    constexpr std::size_t runBlocks = 256;
    while (size >= 16) {
        const std::size_t blocks = std::min(size / 16, runBlocks);
        addBlocks(a, b, data, blocks);
        a %= modulus;
        b %= modulus;
        data += 16 * blocks;
        size -= 16 * blocks;
    }
#endif
    for (std::size_t i = 0; i < size; ++i) {
        a += data[i];
        b += a;
        if ((i & 0xfff) == 0xfff) { // far before a 64-bit b could overflow
            a %= modulus;
            b %= modulus;
        }
    }
    return quint32(b % modulus) << 16 | quint32(a % modulus);
}

} // namespace rooflab
