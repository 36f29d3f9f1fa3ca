package io.chronohook.e2e.bench;

import io.chronohook.e2e.support.JarProcess;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The heap a running jar holds after a full collection, read with {@code jcmd} (the JDK that runs this program). */
final class BackendHeap {

    private static final Pattern USED = Pattern.compile("used (\\d+)K");

    private BackendHeap() {
    }

    /** Runs a full GC in the process, then sums the heap used by its generations (metaspace left out), in MiB. */
    static long usedMiBAfterGc(JarProcess process) throws IOException, InterruptedException {
        jcmd(process.pid(), "GC.run");
        String info = jcmd(process.pid(), "GC.heap_info");
        long usedKiB = 0;
        for (String line : info.split("\n")) {
            if (line.strip().startsWith("Metaspace")) {
                break;
            }
            Matcher used = USED.matcher(line);
            if (!line.contains("region size") && used.find()) {
                usedKiB += Long.parseLong(used.group(1));
            }
        }
        return Math.round(usedKiB / 1024.0);
    }

    private static String jcmd(long pid, String command) throws IOException, InterruptedException {
        Process jcmd = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(),
                Long.toString(pid), command).redirectErrorStream(true).start();
        String output = new String(jcmd.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (jcmd.waitFor() != 0) {
            throw new IOException("jcmd " + pid + " " + command + " failed: " + output);
        }
        return output;
    }
}
