package io.chronohook.e2e.support;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * For test classes that load the installation with thousands of runs: the test database and Redis database start
 * empty before the class and are emptied again after it. Runs another test left waiting (their receivers long
 * closed) would otherwise be claimed, sent and retried by this class's instances, and this class's backlog by the
 * next one's, which on a slow machine costs them seconds they measure.
 */
public final class FreshInstallation implements BeforeAllCallback, AfterAllCallback {

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        TestEnvironment.startAfresh();
    }

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        TestEnvironment.startAfresh();
    }
}
