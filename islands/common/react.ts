/**
 * React's hooks for the islands, re-exported from an ES module that the `react` chunk group takes in
 * (astro.config.mjs). React itself is CommonJS: imported directly, every island chunk would wrap it
 * with Rolldown's interop helper and so load the separate rolldown-runtime file; through this module
 * the wrapping happens once, inside the React chunk, and the islands import plain named bindings.
 */
export { useCallback, useEffect, useId, useMemo, useRef, useState, useSyncExternalStore } from 'react';
