package io.chronohook.e2e.bench;

import io.chronohook.e2e.support.ApiClient;
import io.chronohook.e2e.support.BackendProcess;
import io.chronohook.e2e.support.DeliveryWindow;
import io.chronohook.e2e.support.Receiver;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Scenarios a, b and c on one backend and one tenant: every-second cron jobs at one receiver, 1,000 of them (a), then
 * 3,000 (b), then 1,000 more per step (c, the ramp) until a step does not hold ({@link Sustained}). Each rate is
 * measured over a window of scheduled times after a warm-up, and counted once the grace period has passed.
 */
final class SteadyRates {

    /** One measured rate. */
    record Step(String scenario, int rate, DeliveryWindow window, Sustained verdict, Map<String, Object> costs) {
    }

    private SteadyRates() {
    }

    static void run(BackendProcess backend, BenchOptions options, BenchReport report) throws Exception {
        try (Receiver receiver = new Receiver()) {
            ApiClient api = new ApiClient(backend.uri("/"));
            api.signUp();
            CronFleet fleet = new CronFleet(api, receiver.url("/steady"));
            WindowCosts costs = new WindowCosts(backend.pid());
            List<Step> steps = new ArrayList<>();
            if (options.runs("a")) {
                steps.add(steady(fleet, costs, receiver, "a", 1000, "1k", options, report));
            }
            if (options.runs("b")) {
                steps.add(steady(fleet, costs, receiver, "b", 3000, "3k", options, report));
            }
            if (options.runs("c")) {
                ramp(fleet, costs, receiver, steps, options, report);
            }
            summarize(steps, report);
        }
    }

    private static Step steady(CronFleet fleet, WindowCosts costs, Receiver receiver, String scenario, int rate,
                               String suffix, BenchOptions options, BenchReport report) throws Exception {
        Duration warmUp = fleet.size() == 0 ? options.firstWarmUp() : options.laterWarmUp();
        Step step = measure(fleet, costs, receiver, scenario, rate, warmUp, options.steadyWindow(), options.grace());
        DeliveryWindow window = step.window();
        String name = scenario + " steady " + String.format("%,d/s", rate);
        report.put("steady" + suffix, BenchReport.window(window));
        report.put("lagP50MsAt" + suffix, window.lags().percentile(50));
        report.put("lagP99MsAt" + suffix, window.lags().percentile(99));
        report.put("lagMaxMsAt" + suffix, window.lags().max());
        report.put("deliveredPerSecondAt" + suffix, Math.round(window.deliveredPerSecond() * 10) / 10.0);
        report.put("costPerRunAt" + suffix, step.costs());
        report.row(name, "delivered / expected", String.format("%,d / %,d", window.delivered(), window.expected()));
        report.row(name, "lost, duplicates", window.lost() + ", " + window.duplicates());
        report.row(name, "delivered per second", String.format("%,.0f", window.deliveredPerSecond()));
        report.row(name, "fire lag p50 / p99 / max", lagFigures(window));
        report.row(name, "sustained", step.verdict().held() ? "yes" : "no: " + step.verdict().reason());
        report.row(name, "per run", WindowCosts.describe(step.costs()));
        report.count(window.lost(), window.duplicates());
        return step;
    }

    private static void ramp(CronFleet fleet, WindowCosts costs, Receiver receiver, List<Step> steps,
                             BenchOptions options, BenchReport report) throws Exception {
        boolean held = steps.isEmpty() || steps.getLast().verdict().held();
        int rate = fleet.size() + options.rampStep();
        while (held && rate <= options.rampCeiling()) {
            Duration settle = fleet.size() == 0 ? options.firstWarmUp() : options.rampSettle();
            Step step = measure(fleet, costs, receiver, "c", rate, settle, options.rampWindow(), options.grace());
            steps.add(step);
            held = step.verdict().held();
            String name = "c ramp " + String.format("%,d/s", rate);
            report.row(name, held ? "held" : "not held", String.format("%,.0f/s, p99 %,d ms%s",
                    step.window().deliveredPerSecond(), step.window().lags().percentile(99),
                    held ? "" : "; " + step.verdict().reason()));
            report.row(name, "per run", WindowCosts.describe(step.costs()));
            if (held) {
                report.count(step.window().lost(), step.window().duplicates());
            } else {
                // The step past capacity: its undelivered runs are late, not lost; they are reported with the step.
                report.count(0, step.window().duplicates());
            }
            rate += options.rampStep();
        }
    }

    private static Step measure(CronFleet fleet, WindowCosts costs, Receiver receiver, String scenario, int rate,
                                Duration warmUp, Duration span, Duration grace) throws Exception {
        Duration creation = fleet.growTo(rate);
        Instant from = Instant.now().plus(warmUp).truncatedTo(ChronoUnit.SECONDS).plusSeconds(1);
        Instant to = from.plus(span);
        System.out.printf("[bench] %s: %,d every-second cron jobs (added in %.1f s); measuring %s .. %s%n", scenario,
                rate, creation.toMillis() / 1000.0, from, to);
        Thread.sleep(Duration.between(Instant.now(), from));
        WindowCosts.Sample first = costs.sample();
        Thread.sleep(Duration.between(Instant.now(), to));
        WindowCosts.Sample last = costs.sample();
        long deliveredMeanwhile = receiver.arrivedBetween(from, to);
        Thread.sleep(Duration.between(Instant.now(), to.plus(grace)));
        DeliveryWindow window = DeliveryWindow.of(receiver.arrivals(), from, to, (long) rate * span.toSeconds());
        return new Step(scenario, rate, window, Sustained.judge(window, rate),
                costs.perRun(first, last, deliveredMeanwhile));
    }

    private static void summarize(List<Step> steps, BenchReport report) {
        List<Map<String, Object>> ramp = new ArrayList<>();
        Step best = null;
        boolean unbroken = true;
        for (Step step : steps) {
            Map<String, Object> figures = new LinkedHashMap<>();
            figures.put("scenario", step.scenario());
            figures.put("rate", step.rate());
            figures.put("sustained", step.verdict().held());
            figures.put("reason", step.verdict().reason());
            figures.putAll(BenchReport.window(step.window()));
            figures.put("costPerRun", step.costs());
            ramp.add(figures);
            unbroken &= step.verdict().held();
            if (unbroken) {
                best = step;
            }
        }
        report.put("ramp", ramp);
        report.put("maxSustainedRate", best == null ? 0 : best.rate());
        report.put("deliveredPerSecond", best == null ? 0 : Math.round(best.window().deliveredPerSecond() * 10) / 10.0);
        if (!steps.isEmpty()) {
            report.row("a-c highest sustained", "offered rate (delivered per second)", best == null ? "none"
                    : String.format("%,d/s (%,.0f/s)", best.rate(), best.window().deliveredPerSecond()));
        }
    }

    static String lagFigures(DeliveryWindow window) {
        return String.format("%,d / %,d / %,d ms", window.lags().percentile(50), window.lags().percentile(99),
                window.lags().max());
    }
}
