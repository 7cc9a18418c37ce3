/**
 * aws-local-stepfunctions 3 targets Node >= 22 and calls Promise.withResolvers, which Node 20
 * lacks. Installed before the runner is imported.
 */
type Resolvers<T> = { promise: Promise<T>; resolve: (value: T | PromiseLike<T>) => void; reject: (reason?: unknown) => void };

const PromiseWithResolvers = Promise as unknown as { withResolvers?: <T>() => Resolvers<T> };
if (typeof PromiseWithResolvers.withResolvers !== 'function') {
  PromiseWithResolvers.withResolvers = <T>() => {
    let resolve!: Resolvers<T>['resolve'];
    let reject!: Resolvers<T>['reject'];
    const promise = new Promise<T>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise, resolve, reject };
  };
}

export {};
