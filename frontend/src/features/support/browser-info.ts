import type { BrowserInfo } from '@evently/support/contracts';

/** The page the visitor came from (spec 02 §3 page_url): the referrer when it is a web page, else this page. */
export function currentPageUrl(): string {
  const referrer = document.referrer;
  return /^https?:\/\//.test(referrer) ? referrer : window.location.href;
}

/** What helps the team reproduce a problem; nothing that identifies the visitor beyond the form itself. */
export function currentBrowserInfo(): Required<{ [K in keyof BrowserInfo]: string }> {
  return {
    userAgent: navigator.userAgent,
    language: navigator.language,
    platform: navigator.platform,
    screenResolution: `${window.screen.width}x${window.screen.height}`,
  };
}
