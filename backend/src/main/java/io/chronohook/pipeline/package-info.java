/** Wiring only: starts the planner, gate, dispatch and outcome loops on worker instances and connects them. */
package io.chronohook.pipeline;
