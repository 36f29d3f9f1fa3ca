package io.chronohook.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * Pages, not-found pages and health asked for one after another on one reused connection, each as soon as the previous
 * answer is read (what browsers and load balancers do), are all answered: a request arriving before the server had
 * finished its previous exchange could leave it not reading the connection any more, so the request waited until its
 * client gave up.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class KeepAliveTest {

    private static final List<String> PATHS = List.of("/no-such-page", "/css/app.css", "/no-such-page",
            "/actuator/health");
    private static final int REQUESTS = 1_200;
    private static final int UNANSWERED_ENOUGH = 3;
    private static final Pattern LENGTH = Pattern.compile("(?im)^content-length:\\s*(\\d+)\\s*$");

    @LocalServerPort
    int port;

    @Test
    void everyRequestOnOneReusedConnectionIsAnswered() throws IOException {
        List<String> unanswered = new ArrayList<>();
        Socket socket = open();
        InputStream in = new BufferedInputStream(socket.getInputStream());
        try {
            for (int i = 0; i < REQUESTS && unanswered.size() < UNANSWERED_ENOUGH; i++) {
                String path = PATHS.get(i % PATHS.size());
                try {
                    socket.getOutputStream().write(("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                            + "Accept: text/html,*/*;q=0.8\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
                    String head = head(in);
                    Matcher length = LENGTH.matcher(head);
                    assertThat(length.find()).as("a Content-Length in %s", head).isTrue();
                    in.readNBytes(Integer.parseInt(length.group(1)));
                    assertThat(head).as(path).startsWith(path.equals("/no-such-page") ? "HTTP/1.1 404" : "HTTP/1.1 200");
                } catch (SocketTimeoutException silent) {
                    unanswered.add("request " + i + " " + path);
                    socket.close();
                    socket = open();
                    in = new BufferedInputStream(socket.getInputStream());
                }
            }
        } finally {
            socket.close();
        }

        assertThat(unanswered).as("requests not answered within 3 s on a reused connection").isEmpty();
    }

    private Socket open() throws IOException {
        Socket socket = new Socket("127.0.0.1", port);
        socket.setSoTimeout(3_000);
        socket.setTcpNoDelay(true);
        return socket;
    }

    /** The answer's status line and headers, up to the empty line that ends them. */
    private static String head(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int ended = 0;
        while (ended < 4) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("the connection closed");
            }
            head.write(b);
            ended = (b == '\r' && ended % 2 == 0) || (b == '\n' && ended % 2 == 1) ? ended + 1 : 0;
        }
        return head.toString(StandardCharsets.US_ASCII);
    }
}
