package io.proxybench.netty.relay;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import org.junit.jupiter.api.Test;

class ClientAddressTextsTest {

    @Test
    void connectionsFromOneAddressShareOneTextAndANewAddressGetsItsOwn() throws Exception {
        ClientAddressTexts texts = new ClientAddressTexts();
        InetAddress a = InetAddress.getByAddress(new byte[] {10, 0, 0, 7});
        InetAddress b = InetAddress.getByAddress(new byte[] {10, 0, 0, 8});
        String first = texts.of(new InetSocketAddress(a, 40001));
        String second = texts.of(new InetSocketAddress(InetAddress.getByAddress(new byte[] {10, 0, 0, 7}), 40002));
        assertThat(first).isEqualTo("10.0.0.7");
        assertThat(second).isSameAs(first);
        assertThat(texts.of(new InetSocketAddress(b, 40003))).isEqualTo("10.0.0.8");
        assertThat(texts.of(new InetSocketAddress(a, 40004))).isEqualTo("10.0.0.7");
        assertThat(texts.of(null)).isEqualTo("unknown");
    }
}
