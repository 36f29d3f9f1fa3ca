/** One delivery attempt: reads a due run's {@link io.chronohook.dispatch.DeliveryRequest}, writes a {@link io.chronohook.dispatch.DeliveryOutcome}; retry scheduling is next. */
package io.chronohook.dispatch;
