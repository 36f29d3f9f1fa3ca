package io.chronohook.support;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/** An API test with a fresh webhook receiver per test (started before it, closed after it). */
public abstract class ReceiverApiTest extends ApiTest {

    protected TestReceiver receiver;

    @BeforeEach
    void startReceiver() {
        receiver = new TestReceiver();
    }

    @AfterEach
    void stopReceiver() {
        receiver.close();
    }
}
