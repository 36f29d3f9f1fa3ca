package io.chronohook.e2e.load;

import io.chronohook.e2e.support.ApiClient;
import io.chronohook.e2e.support.BackendProcess;
import io.chronohook.e2e.support.DeliveryWindow;
import io.chronohook.e2e.support.Receiver;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Load program, run by hand ({@code ./chronohook load [runsPerSecond] [seconds]}): starts the backend jar and a
 * local receiver, registers {@code runsPerSecond} every-second cron jobs, and measures over {@code seconds}
 * deliveries per second, fire lag (arrival − scheduled time) and lost and doubled runs. Prints the figures and
 * writes them to {@code e2e-tests/target/load-results.txt}.
 */
public final class LoadProgram {

    private LoadProgram() {
    }

    public static void main(String[] args) throws Exception {
        int rate = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
        int seconds = args.length > 1 ? Integer.parseInt(args[1]) : 30;
        Duration warmUp = Duration.ofSeconds(40);
        try (Receiver receiver = new Receiver();
             BackendProcess backend = BackendProcess.start(Map.of("JAVA_TOOL_OPTIONS", "-Xmx1g"))) {
            ApiClient api = new ApiClient(backend.uri("/"));
            api.signUp();
            List<String> jobs = new ArrayList<>();
            for (int i = 0; i < rate; i++) {
                jobs.add(ApiClient.cron("load-" + i, "* * * * * *", receiver.url("/load")));
            }
            Instant createStart = Instant.now();
            api.createInBatches(jobs, 500, 2);
            Duration creation = Duration.between(createStart, Instant.now());
            Instant windowStart = Instant.now().plus(warmUp).truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
            Instant windowEnd = windowStart.plusSeconds(seconds);
            System.out.printf("created %d jobs in %.1f s; measuring %s .. %s%n", rate,
                    creation.toMillis() / 1000.0, windowStart, windowEnd);
            while (Instant.now().isBefore(windowEnd.plusSeconds(15))) {
                Thread.sleep(500);
            }

            DeliveryWindow window = DeliveryWindow.of(receiver.arrivals(), windowStart, windowEnd,
                    (long) rate * seconds);
            String report = String.format(
                    "load: %d every-second cron jobs, %d s window%n"
                            + "expected runs      %d%n"
                            + "delivered (distinct) %d%n"
                            + "lost               %d%n"
                            + "duplicates         %d%n"
                            + "delivered per s    %.0f%n"
                            + "fire lag p50 ms    %d%n"
                            + "fire lag p99 ms    %d%n"
                            + "fire lag max ms    %d%n",
                    rate, seconds, window.expected(), window.delivered(), window.lost(), window.duplicates(),
                    window.deliveredPerSecond(), window.lags().percentile(50), window.lags().percentile(99),
                    window.lags().max());
            System.out.print(report);
            Path out = Path.of("target", "load-results.txt");
            Files.createDirectories(out.getParent());
            Files.writeString(out, report);
        }
    }
}
