/** Retry maths, pure: reads the attempts made and the receiver's Retry-After, writes the delay before the next attempt. */
package io.chronohook.dispatch.retry;
