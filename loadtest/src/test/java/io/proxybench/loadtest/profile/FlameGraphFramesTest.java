package io.proxybench.loadtest.profile;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FlameGraphFramesTest {

    @TempDir
    Path dir;

    @Test
    void unpacksNamesThatShareAPrefixWithTheOneBefore() throws IOException {
        Path html = dir.resolve("g.html");
        Files.writeString(
                html,
                "<script>\nconst cpool = [\n'all',\n' io/netty/A.run',\n')B.run',\n'#proxy\\'s',\n"
                        + "' byte[]'\n];\nunpack(cpool);\n</script>");
        assertThat(FlameGraphFrames.of(html))
                .containsExactly("io/netty/A.run", "io/netty/B.run", "io/proxy's", "byte[]");
    }

    @Test
    void anEmptyGraphHasNoFrames() throws IOException {
        Path html = dir.resolve("g.html");
        Files.writeString(html, "<script>\nconst cpool = [\n'all'\n];\nunpack(cpool);\n</script>");
        assertThat(FlameGraphFrames.of(html)).isEmpty();
    }
}
