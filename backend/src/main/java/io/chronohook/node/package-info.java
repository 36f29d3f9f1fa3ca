/** Live nodes: reads and writes the node table (heartbeats, drain, stop); the lease rescuer reads who is dead. */
package io.chronohook.node;
