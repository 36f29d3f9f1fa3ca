package io.chronohook.dashboard.keys;

import java.util.List;

import io.chronohook.dashboard.backend.ApiKey;

/**
 * The API keys page: one page of keys, the key just created (shown only in the answer to its creation, else null)
 * and the create form.
 */
public record KeysPage(List<ApiKey> keys, String nextHref, boolean firstPage, ApiKey created, KeyForm form) {

    public KeysPage {
        keys = List.copyOf(keys);
    }
}
