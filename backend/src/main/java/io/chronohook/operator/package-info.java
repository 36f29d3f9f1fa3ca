/** The operator's view: reads and writes the plan catalogue and which plan each tenant is on (billing reads them next); reads the installation's live figures. */
package io.chronohook.operator;
