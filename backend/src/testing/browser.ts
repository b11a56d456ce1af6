// The browser specs' Chromium is the platform's (one set of flags for every spec, bench and mail preview).
export { CHROMIUM_ARGS, CHROMIUM_PATH, launchChromium } from '@evently/platform/testing';
