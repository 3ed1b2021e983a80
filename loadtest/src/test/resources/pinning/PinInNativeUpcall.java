// Makes the recording beside it (pinned-25.jfr) on a Java 25 runtime:
//   java --enable-native-access=ALL-UNNAMED \
//     -XX:StartFlightRecording:filename=pinned-25.jfr,settings=none,+jdk.VirtualThreadPinned#enabled=true,+jdk.VirtualThreadPinned#threshold=0ms,+jdk.VirtualThreadPinned#stackTrace=true \
//     PinInNativeUpcall.java
// A virtual thread sorts with the C library's qsort and a Java comparator: the comparator runs under a
// native frame, so its sleep parks the thread while it cannot leave its carrier, one pin per compare.
// Another virtual thread sleeps outside native code, which is no pin.
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

public class PinInNativeUpcall {

    static int compare(MemorySegment a, MemorySegment b) {
        try {
            Thread.sleep(2);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return Integer.compare(a.get(ValueLayout.JAVA_INT, 0), b.get(ValueLayout.JAVA_INT, 0));
    }

    public static void main(String[] args) throws Throwable {
        Linker linker = Linker.nativeLinker();
        MethodHandle qsort = linker.downcallHandle(
                linker.defaultLookup().find("qsort").orElseThrow(),
                FunctionDescriptor.ofVoid(ValueLayout.ADDRESS, ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG,
                        ValueLayout.ADDRESS));
        ValueLayout.OfInt element = ValueLayout.JAVA_INT;
        FunctionDescriptor comparator = FunctionDescriptor.of(ValueLayout.JAVA_INT,
                ValueLayout.ADDRESS.withTargetLayout(element), ValueLayout.ADDRESS.withTargetLayout(element));
        MethodHandle compare = MethodHandles.lookup().findStatic(PinInNativeUpcall.class, "compare",
                MethodType.methodType(int.class, MemorySegment.class, MemorySegment.class));
        Thread sorter = Thread.ofVirtual().start(() -> {
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment values = arena.allocateFrom(ValueLayout.JAVA_INT, 5, 3, 4, 1, 2);
                MemorySegment stub = linker.upcallStub(compare, comparator, arena);
                qsort.invokeExact(values, 5L, 4L, stub);
            } catch (Throwable t) {
                throw new IllegalStateException(t);
            }
        });
        Thread sleeper = Thread.ofVirtual().start(() -> {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        sorter.join();
        sleeper.join();
    }
}
