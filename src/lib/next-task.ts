/** Resolves in a task of its own, after the browser has had the chance to handle input and paint. */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
