package io.chronohook.platform;

import static org.assertj.core.api.Assertions.assertThat;

import io.chronohook.support.ApiTest;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.r2dbc.postgresql.api.PostgresqlConnection;
import io.r2dbc.postgresql.message.Format;
import io.r2dbc.spi.Wrapped;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.test.context.TestPropertySource;
import org.springframework.test.util.ReflectionTestUtils;
import reactor.core.publisher.Mono;

/**
 * Arrays bound to statements reach Postgres in binary and read back as sent, on the main pool and on the keyed reads'
 * connections: every element type, nulls, empty arrays, and strings that text arrays would have to quote or escape.
 */
@TestPropertySource(properties = {"chronohook.keyed-reads.connections=1", "chronohook.roles=api"})
class BinaryArraysTest extends ApiTest {

    private static final Object[][] ARRAYS = {
            new UUID[] {UUID.randomUUID(), null, new UUID(0, 0), new UUID(-1, Long.MIN_VALUE)},
            new Long[] {Long.MIN_VALUE, -1L, null, 0L, Long.MAX_VALUE},
            new Integer[] {Integer.MIN_VALUE, null, 7, Integer.MAX_VALUE},
            new Short[] {Short.MIN_VALUE, (short) 0, null, Short.MAX_VALUE},
            new Boolean[] {true, null, false},
            new String[] {"plain", "", null, "NULL", "a,b", "{braces}", "\"quoted\"", "back\\slash", " spaced ",
                    "ümlaut ✓ 😀", "line\nbreak"},
    };

    @Autowired
    private DatabaseClient db;

    @Autowired
    private KeyedReads keyed;

    @Test
    void everyElementTypeReadsBackAsSentOnBothPools() {
        String[] types = {"uuid[]", "bigint[]", "integer[]", "smallint[]", "boolean[]", "text[]"};
        for (DatabaseClient client : List.of(db, keyed.client())) {
            for (int i = 0; i < ARRAYS.length; i++) {
                Object[] sent = ARRAYS[i];
                assertThat(elements(client, sent, types[i])).as(types[i]).containsExactly(sent);
                Object[] empty = Arrays.copyOf(sent, 0);
                assertThat(elements(client, empty, types[i])).as("empty " + types[i]).isEmpty();
                assertThat(client.sql("select pg_typeof(:a)::text as t").bind("a", sent)
                        .map(row -> row.get("t", String.class)).one().block()).isEqualTo(types[i]);
            }
        }
    }

    @Test
    void everyConnectionOfBothPoolsEncodesTheArraysInBinary() {
        for (DatabaseClient client : List.of(db, keyed.client())) {
            List<Object> formats = client.inConnection(connection -> {
                Object driverConnection = connection;
                while (!(driverConnection instanceof PostgresqlConnection)) {
                    driverConnection = ((Wrapped<?>) driverConnection).unwrap(); // Spring's proxy, then the pool's
                }
                Object codecs = ReflectionTestUtils.getField(driverConnection, "codecs");
                List<Object> encoded = new ArrayList<>();
                for (Object value : List.of(ARRAYS[0], ARRAYS[1], ARRAYS[5], new Double[] {1.5})) {
                    Object parameter = ReflectionTestUtils.invokeMethod(codecs, "encode", value);
                    encoded.add(ReflectionTestUtils.getField(parameter, "format"));
                }
                return Mono.just(encoded);
            }).block();
            // An array of another element type stays with the driver, which sends arrays as text.
            assertThat(formats).containsExactly(Format.FORMAT_BINARY, Format.FORMAT_BINARY, Format.FORMAT_BINARY,
                    Format.FORMAT_TEXT);
        }
    }

    @Test
    void anArrayIsEncodedInTheBinaryFormatOfArrayRecv() {
        BinaryArrays.ArrayCodec codec =
                new BinaryArrays.ArrayCodec(BinaryArrays.Element.INTEGER_ELEMENT, ByteBufAllocator.DEFAULT);
        assertThat(codec.canEncode(new Integer[0])).isTrue();
        assertThat(codec.canEncode(new int[0])).isFalse();
        assertThat(codec.canEncode(new Long[0])).isFalse();
        assertThat(BinaryArrays.Element.INTEGER_ELEMENT.arrayOid()).isEqualTo(1007);
        ByteBuf bytes = BinaryArrays.Element.INTEGER_ELEMENT.encode(ByteBufAllocator.DEFAULT, new Integer[] {5, null});
        try {
            // dimensions, has nulls, element oid (int4), length, lower bound; 5 as four bytes; null as length -1
            int[] expected = {1, 1, 23, 2, 1, 4, 5, -1};
            for (int value : expected) {
                assertThat(bytes.readInt()).isEqualTo(value);
            }
            assertThat(bytes.isReadable()).isFalse();
        } finally {
            bytes.release();
        }
    }

    private static List<Object> elements(DatabaseClient client, Object[] sent, String type) {
        Class<?> element = sent.getClass().getComponentType();
        return client.sql("select x from unnest(cast(:a as " + type + ")) with ordinality as u(x, n) order by n")
                .bind("a", sent)
                .map(row -> Objects.requireNonNullElse(row.get("x", element), NULL))
                .all().collectList().block().stream().map(x -> x == NULL ? null : x).toList();
    }

    private static final Object NULL = new Object();
}
