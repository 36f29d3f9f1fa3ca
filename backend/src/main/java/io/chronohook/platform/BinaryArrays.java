package io.chronohook.platform;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.r2dbc.postgresql.api.PostgresqlConnection;
import io.r2dbc.postgresql.client.EncodedParameter;
import io.r2dbc.postgresql.codec.Codec;
import io.r2dbc.postgresql.codec.CodecMetadata;
import io.r2dbc.postgresql.codec.CodecRegistry;
import io.r2dbc.postgresql.codec.PostgresTypeIdentifier;
import io.r2dbc.postgresql.extension.CodecRegistrar;
import io.r2dbc.postgresql.message.Format;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;
import java.util.function.BiConsumer;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Mono;

/**
 * Sends the one-dimensional arrays bound to statements ({@code UUID[]}, {@code Long[]}, {@code Integer[]},
 * {@code Short[]}, {@code Boolean[]}, {@code String[]}) in Postgres' binary array format. The driver sends every
 * array as text: each element formatted, quoted and escaped through a string builder, and Postgres parses it back;
 * the hot path's batch statements pass their rows as arrays (a uuid, instants in microseconds, states), so that was
 * a tenth of the delivery path's CPU at thousands of runs a second. In binary an element is its length and its bytes
 * (a uuid its sixteen, a string its UTF-8), read by Postgres without parsing. Other arrays, nulls and every decode
 * stay with the driver's codecs.
 */
public final class BinaryArrays implements CodecRegistrar {

    @Override
    public Publisher<Void> register(PostgresqlConnection connection, ByteBufAllocator allocator,
                                    CodecRegistry registry) {
        for (Element element : Element.values()) {
            registry.addFirst(new ArrayCodec(element, allocator));
        }
        return Mono.empty();
    }

    /** The element types sent in binary: the Java array class, the element's and the array's type oid. */
    enum Element {
        UUID_ELEMENT(UUID[].class, 2950, 2951, (buffer, element) -> buffer.writeInt(16)
                .writeLong(((UUID) element).getMostSignificantBits())
                .writeLong(((UUID) element).getLeastSignificantBits())),
        LONG_ELEMENT(Long[].class, 20, 1016, (buffer, element) -> buffer.writeInt(8).writeLong((Long) element)),
        INTEGER_ELEMENT(Integer[].class, 23, 1007, (buffer, element) -> buffer.writeInt(4).writeInt((Integer) element)),
        SHORT_ELEMENT(Short[].class, 21, 1005, (buffer, element) -> buffer.writeInt(2).writeShort((Short) element)),
        BOOLEAN_ELEMENT(Boolean[].class, 16, 1000,
                (buffer, element) -> buffer.writeInt(1).writeByte((Boolean) element ? 1 : 0)),
        STRING_ELEMENT(String[].class, 25, 1009, (buffer, element) -> {
            byte[] utf8 = ((String) element).getBytes(StandardCharsets.UTF_8); // a copy for ASCII, vectorised
            buffer.writeInt(utf8.length).writeBytes(utf8);
        });

        private final Class<?> arrayClass;
        private final int oid;
        private final int arrayOid;
        /** Writes a non-null element: its length in bytes, then its bytes. */
        private final BiConsumer<ByteBuf, Object> write;

        Element(Class<?> arrayClass, int oid, int arrayOid, BiConsumer<ByteBuf, Object> write) {
            this.arrayClass = arrayClass;
            this.oid = oid;
            this.arrayOid = arrayOid;
            this.write = write;
        }

        int arrayOid() {
            return arrayOid;
        }

        /**
         * The array in the binary format of {@code array_recv}: dimensions (1; 0 for an empty array), whether there
         * are nulls, the element type, the length and lower bound (1), then each element (a null as length -1).
         */
        ByteBuf encode(ByteBufAllocator allocator, Object[] values) {
            ByteBuf buffer = allocator.buffer(20 + values.length * 12);
            boolean nulls = false;
            for (Object value : values) {
                nulls |= value == null;
            }
            buffer.writeInt(values.length == 0 ? 0 : 1).writeInt(nulls ? 1 : 0).writeInt(oid);
            if (values.length == 0) {
                return buffer;
            }
            buffer.writeInt(values.length).writeInt(1);
            for (Object value : values) {
                if (value == null) {
                    buffer.writeInt(-1);
                } else {
                    write.accept(buffer, value);
                }
            }
            return buffer;
        }
    }

    /**
     * Encodes the arrays of one {@link Element} in binary; decodes nothing. The driver keeps the codec of each Java
     * type it has seen, filled in list order from the codecs' {@link CodecMetadata#type()} when one is added; this
     * codec is added first, so it is the one kept for its array class.
     */
    static final class ArrayCodec implements Codec<Object[]>, CodecMetadata {

        private final Element element;
        private final ByteBufAllocator allocator;

        ArrayCodec(Element element, ByteBufAllocator allocator) {
            this.element = element;
            this.allocator = allocator;
        }

        @Override
        public Class<?> type() {
            return element.arrayClass;
        }

        @Override
        public Iterable<PostgresTypeIdentifier> getDataTypes() {
            return List.of(); // decodes nothing
        }

        @Override
        public boolean canEncode(Object value) {
            return value.getClass() == element.arrayClass;
        }

        @Override
        public EncodedParameter encode(Object value) {
            Object[] values = (Object[]) value;
            return new EncodedParameter(Format.FORMAT_BINARY, element.arrayOid(),
                    Mono.fromSupplier(() -> element.encode(allocator, values)));
        }

        @Override
        public EncodedParameter encode(Object value, int dataType) {
            return encode(value);
        }

        @Override
        public boolean canEncodeNull(Class<?> type) {
            return false;
        }

        @Override
        public EncodedParameter encodeNull() {
            throw new UnsupportedOperationException("nulls are the driver's codecs' to encode");
        }

        @Override
        public boolean canDecode(int dataType, Format format, Class<?> type) {
            return false;
        }

        @Override
        public Object[] decode(ByteBuf buffer, int dataType, Format format, Class<? extends Object[]> type) {
            throw new UnsupportedOperationException("arrays are decoded by the driver's codecs");
        }
    }
}
