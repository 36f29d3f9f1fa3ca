package io.chronohook.dashboard.deadletters;

import io.chronohook.dashboard.backend.Job;

/** A job the dead-letter filter offers: its id, and its name (its id when it has none). */
public record JobChoice(String id, String label) {

    static JobChoice of(Job job) {
        return new JobChoice(job.id(), job.name() == null || job.name().isBlank() ? job.id() : job.name());
    }
}
