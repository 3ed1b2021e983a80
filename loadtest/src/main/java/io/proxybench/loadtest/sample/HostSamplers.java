package io.proxybench.loadtest.sample;

import io.proxybench.loadtest.results.Sample;
import io.proxybench.loadtest.results.SamplesFile;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The other boxes' figures: one persistent session per box (the topology's command) streams a line a
 * second; each line after the first becomes a samples.csv row with that box in its {@code host}
 * column, for the front end and step the kit's {@link SamplingLoop} is on at the time. These rows
 * feed the per-host timelines, the steps' machine figures where the proxy runs on another box, and
 * the generator boxes' saturation checks.
 */
public final class HostSamplers implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(HostSamplers.class);

    private final List<Process> sessions = new ArrayList<>();
    private final List<Thread> readers = new ArrayList<>();

    private HostSamplers() {}

    /** Starts a session per entry of {@code commands} (box name → command); none for an empty map. */
    public static HostSamplers start(
            Map<String, List<String>> commands, SamplingLoop loop, SamplesFile csv, Path logDir) throws IOException {
        HostSamplers samplers = new HostSamplers();
        try {
            for (Map.Entry<String, List<String>> box : commands.entrySet()) {
                Path log = logDir.resolve("sampler-" + box.getKey().replaceAll("[^A-Za-z0-9.-]", "_") + ".log");
                Process session = new ProcessBuilder(box.getValue())
                        .redirectInput(ProcessBuilder.Redirect.PIPE)
                        .redirectError(log.toFile())
                        .start();
                samplers.sessions.add(session);
                Thread reader = new Thread(
                        () -> samplers.read(box.getKey(), session, loop, csv), "host-sampler-" + box.getKey());
                reader.setDaemon(true);
                reader.start();
                samplers.readers.add(reader);
            }
        } catch (IOException | RuntimeException e) {
            samplers.close();
            throw e;
        }
        return samplers;
    }

    private void read(String host, Process session, SamplingLoop loop, SamplesFile csv) {
        HostReading last = null;
        boolean reported = false;
        try (BufferedReader in =
                new BufferedReader(new InputStreamReader(session.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                HostReading reading;
                try {
                    reading = HostReading.parse(line);
                } catch (IllegalArgumentException e) {
                    if (!reported) {
                        LOG.warn("{}: unexpected sampler output: {}", host, line);
                        reported = true;
                    }
                    continue;
                }
                SamplingLoop.Watch watch = loop.watching();
                if (last != null && watch != null) {
                    Sample row = new Sample(
                            reading.epochMs(),
                            watch.frontEnd(),
                            loop.stepInProgress(),
                            reading.machineSince(last),
                            reading.processesSince(last),
                            null,
                            reading.epochMs() - last.epochMs(),
                            host);
                    csv.append(row);
                    loop.addHostRow(row);
                }
                last = reading;
            }
        } catch (IOException e) {
            LOG.debug("{}: sampler session ended: {}", host, e.getMessage());
        }
    }

    @Override
    public void close() {
        for (Process session : sessions) {
            session.destroy();
        }
        for (Process session : sessions) {
            try {
                if (!session.waitFor(5, TimeUnit.SECONDS)) {
                    session.destroyForcibly();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        for (Thread reader : readers) {
            try {
                reader.join(2_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
