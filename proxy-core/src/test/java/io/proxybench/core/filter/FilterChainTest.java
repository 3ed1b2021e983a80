package io.proxybench.core.filter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.proxybench.core.http.MapHeaders;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class FilterChainTest {

    /** Records its name into the exchange attribute "trail" and optionally answers. */
    static class Recording implements ProxyFilter {
        final String name;
        final FilterPhase phase;
        final int order;
        final FilterOutcome outcome;

        Recording(String name, FilterPhase phase, int order, FilterOutcome outcome) {
            this.name = name;
            this.phase = phase;
            this.order = order;
            this.outcome = outcome;
        }

        @Override
        public FilterPhase phase() {
            return phase;
        }

        @Override
        public int order() {
            return order;
        }

        @Override
        @SuppressWarnings("unchecked")
        public CompletionStage<FilterOutcome> apply(ProxyExchange exchange) {
            ((List<String>) exchange.attributes().computeIfAbsent("trail", k -> new ArrayList<String>())).add(name);
            return CompletableFuture.completedStage(outcome);
        }
    }

    private static ProxyExchange exchange() {
        return new ProxyExchange(
                "GET", "/a?b=c", "HTTP/1.1", new MapHeaders(), new InetSocketAddress("127.0.0.1", 5555));
    }

    @SuppressWarnings("unchecked")
    private static List<String> trail(ProxyExchange e) {
        return (List<String>) e.attributes().getOrDefault("trail", List.of());
    }

    @Test
    void runsFiltersOfItsPhaseByOrderKeepingLoadOrderOnTies() {
        List<ProxyFilter> all = List.of(
                new Recording("late", FilterPhase.INBOUND, 10, FilterOutcome.proceed()),
                new Recording("out", FilterPhase.OUTBOUND, 0, FilterOutcome.proceed()),
                new Recording("first", FilterPhase.INBOUND, -5, FilterOutcome.proceed()),
                new Recording("tieA", FilterPhase.INBOUND, 0, FilterOutcome.proceed()),
                new Recording("tieB", FilterPhase.INBOUND, 0, FilterOutcome.proceed()));
        ProxyExchange e = exchange();
        FilterOutcome outcome =
                FilterChains.of(all).inbound().run(e).toCompletableFuture().join();
        assertThat(outcome.isResponse()).isFalse();
        assertThat(trail(e)).containsExactly("first", "tieA", "tieB", "late");
    }

    @Test
    void shortCircuitStopsTheChainAndCarriesTheResponse() {
        List<ProxyFilter> all = List.of(
                new Recording("auth", FilterPhase.INBOUND, 0, FilterOutcome.respond(403, "forbidden")),
                new Recording("after", FilterPhase.INBOUND, 1, FilterOutcome.proceed()));
        ProxyExchange e = exchange();
        FilterOutcome outcome = FilterChain.of(FilterPhase.INBOUND, all)
                .run(e)
                .toCompletableFuture()
                .join();
        assertThat(outcome.status()).isEqualTo(403);
        assertThat(new String(outcome.body())).isEqualTo("forbidden");
        assertThat(outcome.headers().get("content-type")).startsWith("text/plain");
        assertThat(trail(e)).containsExactly("auth");
    }

    @Test
    void shouldFilterFalseSkipsApply() {
        ProxyFilter skipped = new Recording("skipped", FilterPhase.INBOUND, 0, FilterOutcome.respond(500, "no")) {
            @Override
            public boolean shouldFilter(ProxyExchange exchange) {
                return exchange.path().startsWith("/admin");
            }
        };
        ProxyExchange e = exchange();
        assertThat(FilterChain.of(FilterPhase.INBOUND, List.of(skipped))
                        .run(e)
                        .toCompletableFuture()
                        .join()
                        .isResponse())
                .isFalse();
        assertThat(trail(e)).isEmpty();
    }

    @Test
    void asynchronousFiltersRunInOrderWithoutBlockingTheCaller() throws Exception {
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
        try {
            ProxyFilter slow = new ProxyFilter() {
                @Override
                public FilterPhase phase() {
                    return FilterPhase.INBOUND;
                }

                @Override
                public CompletionStage<FilterOutcome> apply(ProxyExchange exchange) {
                    CompletableFuture<FilterOutcome> f = new CompletableFuture<>();
                    timer.schedule(
                            () -> {
                                exchange.requestHeaders().set("X-Slow", "done");
                                f.complete(FilterOutcome.proceed());
                            },
                            50,
                            TimeUnit.MILLISECONDS);
                    return f;
                }
            };
            ProxyFilter reader = new ProxyFilter() {
                @Override
                public FilterPhase phase() {
                    return FilterPhase.INBOUND;
                }

                @Override
                public int order() {
                    return 1;
                }

                @Override
                public CompletionStage<FilterOutcome> apply(ProxyExchange exchange) {
                    return CompletableFuture.completedStage(
                            "done".equals(exchange.requestHeaders().get("x-slow"))
                                    ? FilterOutcome.respond(299, "saw slow")
                                    : FilterOutcome.proceed());
                }
            };
            CompletionStage<FilterOutcome> stage =
                    FilterChain.of(FilterPhase.INBOUND, List.of(reader, slow)).run(exchange());
            assertThat(stage.toCompletableFuture().isDone())
                    .as("returned before the slow filter finished")
                    .isFalse();
            assertThat(stage.toCompletableFuture().get(5, TimeUnit.SECONDS).status())
                    .isEqualTo(299);
        } finally {
            timer.shutdownNow();
        }
    }

    @Test
    void aThrowingOrFailingFilterFailsTheChainNamingTheFilter() {
        ProxyFilter throwing = new Recording("t", FilterPhase.INBOUND, 0, null) {
            @Override
            public CompletionStage<FilterOutcome> apply(ProxyExchange exchange) {
                throw new IllegalStateException("boom");
            }
        };
        assertThatThrownBy(() -> FilterChain.of(FilterPhase.INBOUND, List.of(throwing))
                        .run(exchange())
                        .toCompletableFuture()
                        .get())
                .isInstanceOf(ExecutionException.class)
                .cause()
                .isInstanceOf(FilterException.class)
                .hasMessageContaining("boom");

        ProxyFilter failing = new Recording("f", FilterPhase.INBOUND, 0, null) {
            @Override
            public CompletionStage<FilterOutcome> apply(ProxyExchange exchange) {
                return CompletableFuture.failedStage(new RuntimeException("config service down"));
            }
        };
        assertThatThrownBy(() -> FilterChain.of(FilterPhase.INBOUND, List.of(failing))
                        .run(exchange())
                        .toCompletableFuture()
                        .get())
                .cause()
                .isInstanceOf(FilterException.class)
                .hasMessageContaining("config service down");
    }

    @Test
    void outboundFiltersMayRewriteTheResponseButNotShortCircuit() {
        ProxyFilter rewrite = new ProxyFilter() {
            @Override
            public FilterPhase phase() {
                return FilterPhase.OUTBOUND;
            }

            @Override
            public CompletionStage<FilterOutcome> apply(ProxyExchange exchange) {
                exchange.responseHeaders().set("X-Served-By", "proxybench");
                exchange.setResponseStatus(203);
                return FilterOutcome.proceedNow();
            }
        };
        ProxyExchange e = exchange();
        e.setResponse(200, new MapHeaders().set("Content-Length", "3"));
        FilterChain.of(FilterPhase.OUTBOUND, List.of(rewrite))
                .run(e)
                .toCompletableFuture()
                .join();
        assertThat(e.responseStatus()).isEqualTo(203);
        assertThat(e.responseHeaders().get("x-served-by")).isEqualTo("proxybench");

        ProxyFilter answering = new Recording("a", FilterPhase.OUTBOUND, 0, FilterOutcome.respond(418, "teapot"));
        assertThatThrownBy(() -> FilterChain.of(FilterPhase.OUTBOUND, List.of(answering))
                        .run(e)
                        .toCompletableFuture()
                        .get())
                .cause()
                .hasMessageContaining("outbound filter cannot short-circuit");
    }

    @Test
    void emptyChainCompletesImmediately() {
        assertThat(FilterChains.none()
                        .inbound()
                        .run(exchange())
                        .toCompletableFuture()
                        .isDone())
                .isTrue();
    }

    public static final class LoadableFilter implements ProxyFilter {
        @Override
        public FilterPhase phase() {
            return FilterPhase.OUTBOUND;
        }

        @Override
        public CompletionStage<FilterOutcome> apply(ProxyExchange exchange) {
            return FilterOutcome.proceedNow();
        }
    }

    @Test
    void loaderInstantiatesNamedClassesAndExplainsFailures() {
        FilterLoader loader = new FilterLoader(getClass().getClassLoader());
        assertThat(loader.load(false, List.of(LoadableFilter.class.getName())))
                .singleElement()
                .isInstanceOf(LoadableFilter.class);
        assertThatThrownBy(() -> loader.load(false, List.of("no.such.Filter")))
                .hasMessageContaining("filter class not found: no.such.Filter");
        assertThatThrownBy(() -> loader.load(false, List.of(String.class.getName())))
                .hasMessageContaining("does not implement");
    }

    @Test
    void serviceLoaderFindsRegisteredFilters(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        // A private registration, so the test-jar does not register a filter for its consumers.
        java.nio.file.Path services = dir.resolve("META-INF/services");
        java.nio.file.Files.createDirectories(services);
        java.nio.file.Files.writeString(
                services.resolve(ProxyFilter.class.getName()), ServiceRegisteredFilter.class.getName() + "\n");
        try (java.net.URLClassLoader loader = new java.net.URLClassLoader(
                new java.net.URL[] {dir.toUri().toURL()}, getClass().getClassLoader())) {
            List<ProxyFilter> found = new FilterLoader(loader).load(true, List.of());
            assertThat(found).anyMatch(f -> f instanceof ServiceRegisteredFilter);
        }
        assertThat(new FilterLoader(getClass().getClassLoader()).load(false, List.of()))
                .isEmpty();
    }
}
