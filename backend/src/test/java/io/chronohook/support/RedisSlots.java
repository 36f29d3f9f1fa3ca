package io.chronohook.support;

import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.Map;
import java.util.TreeMap;

/**
 * The Redis Cluster hash slot of a key, computed as the servers do: CRC16 (XMODEM) of the key's hash tag — the text
 * between the first {@code {} and the next {@code }}, when that is not empty — or of the whole key, modulo 16,384.
 */
public final class RedisSlots {

    public static final int SLOTS = 16_384;

    private RedisSlots() {
    }

    public static int slot(String key) {
        byte[] bytes = key.getBytes(StandardCharsets.UTF_8);
        int open = key.indexOf('{');
        if (open >= 0) {
            int close = key.indexOf('}', open + 1);
            if (close > open + 1) {
                bytes = key.substring(open + 1, close).getBytes(StandardCharsets.UTF_8);
            }
        }
        return crc16(bytes) % SLOTS;
    }

    /** The keys by slot: one entry when all of them live in one slot. */
    public static Map<Integer, Collection<String>> bySlot(Collection<String> keys) {
        Map<Integer, Collection<String>> slots = new TreeMap<>();
        for (String key : keys) {
            slots.computeIfAbsent(slot(key), slot -> new java.util.ArrayList<>()).add(key);
        }
        return slots;
    }

    private static int crc16(byte[] bytes) {
        int crc = 0;
        for (byte b : bytes) {
            crc ^= (b & 0xff) << 8;
            for (int bit = 0; bit < 8; bit++) {
                crc = (crc & 0x8000) != 0 ? (crc << 1) ^ 0x1021 : crc << 1;
            }
        }
        return crc & 0xffff;
    }
}
