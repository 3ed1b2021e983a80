package io.proxybench.loadtest.cli;

import io.proxybench.common.tls.KeyType;
import io.proxybench.loadtest.ab.JitBusyPolicy;
import io.proxybench.loadtest.ab.JudgedFigures;
import io.proxybench.loadtest.plan.ConnectionMode;
import io.proxybench.loadtest.plan.GcChoice;
import io.proxybench.loadtest.plan.JvmProfile;
import io.proxybench.loadtest.plan.LoadModel;
import io.proxybench.loadtest.plan.TlsClientProvider;
import io.proxybench.loadtest.plan.TlsResumption;
import io.proxybench.loadtest.plan.TopologyKind;
import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;
import picocli.CommandLine;

/**
 * Reads an option whose values are a fixed set (an enum): as {@code --help} lists them or by the
 * constant's name, in any case, so that {@code --mode churn}, {@code --mode CHURN} and
 * {@code --gc parallel} all work. Anything else is bad input naming the values, in the help's words.
 *
 * <p>Picocli's own enum conversion would list the constants' names ({@code KEEPALIVE}), which is
 * not how anyone types them.
 */
abstract class ChoiceConverter<E extends Enum<E>> implements CommandLine.ITypeConverter<E> {

    private final Class<E> type;

    ChoiceConverter(Class<E> type) {
        this.type = type;
    }

    @Override
    public E convert(String text) {
        return find(text.trim())
                .orElseThrow(() -> new CommandLine.TypeConversionException(
                        "unknown value '" + text + "' (expected one of " + spellings() + ")"));
    }

    /** The value {@code typed} names; a subclass may accept more spellings. */
    Optional<E> find(String typed) {
        return Arrays.stream(type.getEnumConstants())
                .filter(v -> v.toString().equalsIgnoreCase(typed) || v.name().equalsIgnoreCase(typed))
                .findFirst();
    }

    private String spellings() {
        return Arrays.stream(type.getEnumConstants()).map(Object::toString).collect(Collectors.joining(", "));
    }

    /** {@code --mode}. */
    static final class Mode extends ChoiceConverter<ConnectionMode> {
        Mode() {
            super(ConnectionMode.class);
        }
    }

    /** {@code --model}. */
    static final class Model extends ChoiceConverter<LoadModel> {
        Model() {
            super(LoadModel.class);
        }
    }

    /** {@code --generator}. */
    static final class Generator extends ChoiceConverter<GeneratorChoice> {
        Generator() {
            super(GeneratorChoice.class);
        }
    }

    /** {@code --jvm-profile}. */
    static final class Profile extends ChoiceConverter<JvmProfile> {
        Profile() {
            super(JvmProfile.class);
        }
    }

    /** {@code --gc}: also the collector flag's own name ({@code ParallelGC}) and {@code Z}. */
    static final class Gc extends ChoiceConverter<GcChoice> {
        Gc() {
            super(GcChoice.class);
        }

        @Override
        Optional<GcChoice> find(String typed) {
            return GcChoice.find(typed);
        }
    }

    /** {@code --topology}. */
    static final class Topology extends ChoiceConverter<TopologyKind> {
        Topology() {
            super(TopologyKind.class);
        }
    }

    /** {@code --jit-busy} of ab and gate. */
    static final class JitBusy extends ChoiceConverter<JitBusyPolicy> {
        JitBusy() {
            super(JitBusyPolicy.class);
        }
    }

    /** {@code --judge} of ab and gate. */
    static final class Judged extends ChoiceConverter<JudgedFigures> {
        Judged() {
            super(JudgedFigures.class);
        }
    }

    /** {@code --tls-key}. */
    static final class Key extends ChoiceConverter<KeyType> {
        Key() {
            super(KeyType.class);
        }
    }

    /** {@code --tls-client}. */
    static final class ClientProvider extends ChoiceConverter<TlsClientProvider> {
        ClientProvider() {
            super(TlsClientProvider.class);
        }
    }

    /** {@code --tls-resumption}. */
    static final class Resumption extends ChoiceConverter<TlsResumption> {
        Resumption() {
            super(TlsResumption.class);
        }
    }
}
