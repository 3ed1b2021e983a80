package io.proxybench.loadtest.orchestrate;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;

class RunQueueSettleTest {

    /** A clock that moves only when the settle sleeps, and a run queue that is a function of that time. */
    private static final class FakeMachine implements RunQueueSettle.Clock {
        long now;
        DoubleUnaryOperator runQueueAtSec = t -> 0;

        @Override
        public long millis() {
            return now;
        }

        @Override
        public void sleep(long ms) {
            now += ms;
        }

        double runQueue() {
            return runQueueAtSec.applyAsDouble(now / 1000.0);
        }
    }

    private static RunQueueSettle settle(FakeMachine machine) {
        return new RunQueueSettle(machine::runQueue, machine, () -> false);
    }

    @Test
    void anIdleMachineSettlesAfterOneWindow() {
        FakeMachine machine = new FakeMachine();
        machine.runQueueAtSec = t -> 0.25;
        RunQueueSettle settle = settle(machine);
        assertThat(settle.measureBaseline()).isEqualTo(0.25);

        RunQueueSettle.Settled settled = settle.await("nginx");

        assertThat(settled.settled()).isTrue();
        assertThat(settled.seconds()).isEqualTo(RunQueueSettle.WINDOW_MS / 1000.0);
    }

    @Test
    void waitsWhileThePreviousFrontEndsLoadDrainsAway() {
        FakeMachine machine = new FakeMachine();
        RunQueueSettle settle = settle(machine);
        settle.measureBaseline();
        long start = machine.now;
        // a stopped JVM's threads keep 6 cores' worth runnable for 8 s, then the machine is idle
        machine.runQueueAtSec = t -> t - start / 1000.0 < 8 ? 6 : 0;

        RunQueueSettle.Settled settled = settle.await("nginx");

        assertThat(settled.settled()).isTrue();
        assertThat(settled.seconds())
                .as("the mean of the last 3 s must drop to 0.5")
                .isBetween(9.0, 11.5);
        assertThat(settled.runQueue()).isLessThanOrEqualTo(0.5);
    }

    @Test
    void givesUpAtTheCapAndSaysSo() {
        FakeMachine machine = new FakeMachine();
        RunQueueSettle settle = settle(machine);
        settle.measureBaseline();
        machine.runQueueAtSec = t -> 3;

        RunQueueSettle.Settled settled = settle.await("netty");

        assertThat(settled.settled()).isFalse();
        assertThat(settled.seconds()).isEqualTo(RunQueueSettle.CAP_MS / 1000.0);
        assertThat(settled.runQueue()).isEqualTo(3.0);
    }

    @Test
    void anUnreadableRunQueueDoesNotHoldTheRunUp() {
        FakeMachine machine = new FakeMachine();
        machine.runQueueAtSec = t -> Double.NaN;
        RunQueueSettle settle = settle(machine);
        settle.measureBaseline();

        RunQueueSettle.Settled settled = settle.await("netty");

        assertThat(settled.seconds()).isZero();
    }
}
