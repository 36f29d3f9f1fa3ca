/** {@code chk listen}: a local receiver that prints each callback with its signature checked. */
package io.chronohook.cli.listen;
