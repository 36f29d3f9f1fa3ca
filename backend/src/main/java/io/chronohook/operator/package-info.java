/** The operator's view: reads and writes the plan catalogue and which plan each tenant is on; billing reads them next. */
package io.chronohook.operator;
