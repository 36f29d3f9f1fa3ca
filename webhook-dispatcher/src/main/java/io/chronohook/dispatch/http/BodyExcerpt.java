package io.chronohook.dispatch.http;

import io.netty.buffer.ByteBuf;
import java.nio.ByteBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/** Counts a response body as it streams in, keeps its first bytes, and says when the read limit is passed. */
final class BodyExcerpt {

    private final long maxBytes;
    private final byte[] kept;
    private int keptLength;
    private long total;

    BodyExcerpt(int maxBytes, int keepBytes) {
        this.maxBytes = maxBytes;
        this.kept = new byte[keepBytes];
    }

    /** Takes one chunk (without consuming it); true once more than the read limit has arrived. */
    boolean appendAndCheckLimit(ByteBuf chunk) {
        int readable = chunk.readableBytes();
        int take = Math.min(readable, kept.length - keptLength);
        if (take > 0) {
            chunk.getBytes(chunk.readerIndex(), kept, keptLength, take);
            keptLength += take;
        }
        total += readable;
        return limitPassed();
    }

    boolean limitPassed() {
        return total > maxBytes;
    }

    /** The kept bytes as UTF-8, malformed input replaced, a character cut in half at the end dropped. */
    String excerpt() {
        int length = keptLength;
        if (total > keptLength) {
            length = withoutTrailingPartialCharacter(kept, keptLength);
        }
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPLACE)
                .onUnmappableCharacter(CodingErrorAction.REPLACE);
        try {
            return decoder.decode(ByteBuffer.wrap(kept, 0, length)).toString();
        } catch (CharacterCodingException e) {
            throw new IllegalStateException("a replacing decoder does not throw", e);
        }
    }

    private static int withoutTrailingPartialCharacter(byte[] bytes, int length) {
        for (int back = 1; back <= 3 && back <= length; back++) {
            int b = bytes[length - back] & 0xff;
            if ((b & 0xc0) == 0x80) {
                continue; // continuation byte: keep looking for the lead byte
            }
            int needed = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
            return needed > back ? length - back : length;
        }
        return length;
    }
}
