package io.chronohook.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SendQueueTest {

    private static final long MS = 1_000_000;
    private static final Duration WAIT = Duration.ofMillis(100);
    private static final Duration LEAD = Duration.ofMillis(250);

    private final SendQueue queue = new SendQueue(WAIT, LEAD, 500);

    @Test
    void anInstanceThatHasSentNothingMayClaimTheLeastAndNoMoreWhileNothingGoesOut() {
        assertThat(queue.room(0)).isEqualTo(500);
        List<SendQueue.Ticket> tickets = claim(queue, 300, false);
        assertThat(queue.waiting()).isEqualTo(300);
        assertThat(queue.room(10 * MS)).isEqualTo(200);
        tickets.addAll(claim(queue, 200, false));
        assertThat(queue.room(20 * MS)).isZero();
        // A second on, nothing has gone out: the pace is nought, the least is all that may wait.
        assertThat(queue.room(1_000 * MS)).isZero();
        assertThat(queue.perSecond()).isZero();
    }

    @Test
    void theRoomFollowsThePaceRunsGoOutAt() {
        queue.room(0);
        List<SendQueue.Ticket> tickets = claim(queue, 2_000, true);
        tickets.subList(0, 1_000).forEach(SendQueue.Ticket::leave);
        // 1,000 went out in 100 ms: 10,000 a second. What goes out in 100 ms may be due (1,000, none is), what goes
        // out in 350 ms may wait in all (3,500; 1,000 do).
        assertThat(queue.room(100 * MS)).isEqualTo(1_000);
        assertThat(queue.perSecond()).isEqualTo(10_000.0);
        tickets.subList(1_000, 1_500).forEach(SendQueue.Ticket::due);
        assertThat(queue.due()).isEqualTo(500);
        assertThat(queue.room(150 * MS)).isEqualTo(500);
        // Then 100 in the next 100 ms: 1,000 a second, smoothed to 5,500: 550 may be due (400 are), 1,925 in all.
        tickets.subList(1_000, 1_100).forEach(SendQueue.Ticket::leave);
        assertThat(queue.room(200 * MS)).isEqualTo(150);
        // A pace so slow that fewer than the least would go out leaves the least.
        for (int window = 3; window < 12; window++) {
            queue.room(window * 100 * MS);
        }
        assertThat(queue.perSecond()).isLessThan(20.0);
        // Of the 900 waiting 400 are due: the least less those (claimed ahead, 3,500 could wait at the best pace of
        // the last minute, 10,000 a second).
        assertThat(queue.room(1_200 * MS)).isEqualTo(100);
        tickets.subList(1_100, 2_000).forEach(SendQueue.Ticket::leave);
        assertThat(queue.waiting()).isZero();
        assertThat(queue.due()).isZero();
        assertThat(queue.room(1_210 * MS)).isEqualTo(500);
    }

    @Test
    void aFlowIsClaimedALeadAheadButABurstNoFurtherThanItGoesOutOnceDue() {
        SendQueue small = new SendQueue(WAIT, LEAD, 10);
        small.room(0);
        claim(small, 100, false).forEach(SendQueue.Ticket::leave);
        assertThat(small.room(100 * MS)).isEqualTo(100);
        assertThat(small.perSecond()).isEqualTo(1_000.0);
        // A flow at that pace: a lead's worth claimed ahead of its time, a few due. More may be claimed.
        List<SendQueue.Ticket> early = claim(small, 250, true);
        claim(small, 50, false);
        assertThat(small.room(150 * MS)).isEqualTo(50);
        // A burst: claimed ahead up to what goes out in wait and lead (350 in all), then all due at one instant.
        early.addAll(claim(small, 50, true));
        assertThat(small.room(160 * MS)).isZero();
        early.forEach(SendQueue.Ticket::due);
        assertThat(small.due()).isEqualTo(350);
        // Nothing more is claimed until no more than what goes out in wait (100) is due.
        early.subList(0, 249).forEach(SendQueue.Ticket::leave);
        assertThat(small.room(170 * MS)).isZero();
        early.get(249).leave();
        assertThat(small.room(180 * MS)).isZero();
        early.get(250).leave();
        assertThat(small.room(190 * MS)).isEqualTo(1);
    }

    @Test
    void runsDueAtWholeSecondsAreClaimedALeadAheadAtTheBestPaceOfTheLastMinute() {
        queue.room(0);
        // 1,000 runs due at one instant go out in one window: 10,000 a second.
        claim(queue, 1_000, false).forEach(SendQueue.Ticket::leave);
        queue.room(100 * MS);
        // Then nothing until the next instant's runs are released, a lead ahead of it: the smoothed pace falls to
        // almost nothing, the best window's stays.
        for (int window = 2; window <= 7; window++) {
            queue.room(window * 100 * MS);
        }
        assertThat(queue.perSecond()).isLessThan(200.0);
        assertThat(queue.bestPerSecond()).isEqualTo(10_000.0);
        // What goes out in wait and lead at that pace may be claimed ahead (3,500), a round of at most the least at a
        // time; at the smoothed pace it would be the least (500) and no more.
        assertThat(queue.room(750 * MS)).isEqualTo(500);
        claim(queue, 500, true);
        assertThat(queue.room(760 * MS)).isEqualTo(500);
        claim(queue, 2_900, true);
        assertThat(queue.room(770 * MS)).isEqualTo(100);
        claim(queue, 100, true);
        assertThat(queue.room(780 * MS)).isZero();
    }

    @Test
    void theBestPaceIsForgottenAfterAMinute() {
        queue.room(0);
        claim(queue, 1_000, false).forEach(SendQueue.Ticket::leave);
        queue.room(100 * MS);
        claim(queue, 1_000, true);
        assertThat(queue.room(59_000 * MS)).isEqualTo(500);
        assertThat(queue.bestPerSecond()).isEqualTo(10_000.0);
        // The 60th second after the best window's: forgotten, the 1,000 waiting are more than the least.
        assertThat(queue.room(60_000 * MS)).isZero();
        assertThat(queue.bestPerSecond()).isZero();
    }

    @Test
    void aRunMovesOnOnceHoweverOftenItIsToldTo() {
        queue.room(0);
        SendQueue.Ticket ticket = queue.claimed(true);
        ticket.due();
        ticket.due();
        assertThat(queue.due()).isEqualTo(1);
        ticket.leave();
        ticket.leave();
        ticket.due();
        assertThat(queue.waiting()).isZero();
        assertThat(queue.due()).isZero();
        queue.room(100 * MS);
        assertThat(queue.perSecond()).isEqualTo(10.0);
    }

    @Test
    void aWindowNotYetFullLeavesThePaceAsItWas() {
        queue.room(0);
        claim(queue, 100, false).forEach(SendQueue.Ticket::leave);
        assertThat(queue.room(99 * MS)).isEqualTo(500);
        assertThat(queue.perSecond()).isZero();
        assertThat(queue.room(100 * MS)).isEqualTo(500);
        assertThat(queue.perSecond()).isEqualTo(1_000.0);
    }

    private static List<SendQueue.Ticket> claim(SendQueue queue, int runs, boolean early) {
        List<SendQueue.Ticket> tickets = new ArrayList<>();
        for (int i = 0; i < runs; i++) {
            tickets.add(queue.claimed(early));
        }
        return tickets;
    }
}
