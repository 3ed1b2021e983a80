package io.proxybench.gatling;

import static io.gatling.javaapi.http.HttpDsl.http;
import static io.gatling.javaapi.http.HttpDsl.status;

import io.gatling.javaapi.http.HttpProtocolBuilder;
import io.gatling.javaapi.http.HttpRequestActionBuilder;

/** The HTTP side shared by the simulations: one target, a bare GET, nothing fetched but the target. */
final class TargetProtocol {

    private TargetProtocol() {}

    /**
     * The protocol every simulation starts from. The warm-up is disabled because Gatling's default
     * warm-up fetches an outside URL; caching is off so that every request reaches the target.
     */
    static HttpProtocolBuilder base(LoadSettings settings) {
        return http.baseUrl(settings.baseUrlText())
                .disableWarmUp()
                .disableCaching()
                .disableFollowRedirect()
                .disableAutoReferer();
    }

    /** One request named after its step; anything but 200 counts as a status error. */
    static HttpRequestActionBuilder request(LoadSettings settings, String name) {
        return http(name)
                .get(settings.path())
                .requestTimeout(settings.requestTimeout())
                .check(status().is(200));
    }
}
