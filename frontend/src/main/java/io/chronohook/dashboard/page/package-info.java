/** The page chrome: reads who is signed in, the display zone and flash cookies, writes the layout model and the error pages; every page package renders through it. */
package io.chronohook.dashboard.page;
