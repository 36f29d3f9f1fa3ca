/** Test support: starts the real backend jar as a process and speaks to it over HTTP. */
package io.chronohook.e2e.support;
