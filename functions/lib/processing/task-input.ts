type RemainingContext = { getRemainingTimeInMillis?: () => number } | undefined;
export const remainingTime = (context: RemainingContext) => (context?.getRemainingTimeInMillis ? () => context.getRemainingTimeInMillis!() : undefined);
