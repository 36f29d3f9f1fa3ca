/** The time gate in Redis: reads run ids with their due time, releases them on time into per-tenant ready queues; the batcher takes them next. */
package io.chronohook.timegate;
