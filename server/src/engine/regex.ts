/** Text for a `RegExp` that matches `text` literally (names spliced into patterns may hold `$`, `.` …). */
export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
