package io.chronohook.dashboard.backend;

import java.time.YearMonth;

import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.util.UriBuilder;
import reactor.core.publisher.Mono;

/**
 * The invoice calls of the backend API, used by the invoices page: the list to show, and the list or one month as
 * the bytes of a JSON or CSV export, which the dashboard hands on to the browser as a download.
 */
@Component
public class InvoiceApi {

    private static final String LIST = "/api/v1/invoices";
    private static final String ONE = "/api/v1/invoices/{month}";

    private final BackendClient backend;

    public InvoiceApi(BackendClient backend) {
        this.backend = backend;
    }

    /** How an export is encoded: the API's JSON (its default), or CSV ({@code ?format=csv}). */
    public enum Format {
        JSON(MediaType.APPLICATION_JSON, "json"),
        CSV(MediaType.parseMediaType("text/csv;charset=UTF-8"), "csv");

        private final MediaType mediaType;
        private final String extension;

        Format(MediaType mediaType, String extension) {
            this.mediaType = mediaType;
            this.extension = extension;
        }

        public MediaType mediaType() {
            return mediaType;
        }

        /** {@code csv} or {@code json}, as in a file name. */
        public String extension() {
            return extension;
        }

        private UriBuilder query(UriBuilder uri) {
            return this == CSV ? uri.queryParam("format", "csv") : uri;
        }
    }

    /** The current month's invoice and every closed one, newest first. */
    public Mono<Listing<Invoice>> list(AccessToken token) {
        return backend.list(token, uri -> uri.path(LIST).build(), Invoice.class);
    }

    /** Every invoice as the API exports them. */
    public Mono<byte[]> export(AccessToken token, Format format) {
        return backend.bytes(token, uri -> format.query(uri.path(LIST)).build(), format.mediaType());
    }

    /** One month's invoice as the API exports it; a month without one is a 404 {@link BackendProblem}. */
    public Mono<byte[]> export(AccessToken token, YearMonth month, Format format) {
        return backend.bytes(token, uri -> format.query(uri.path(ONE)).build(month.toString()), format.mediaType());
    }
}
