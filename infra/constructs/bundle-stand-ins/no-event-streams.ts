/**
 * Stands in for @smithy/core/event-streams in the Lambda bundles. Every AWS client's protocol
 * imports it (dynamically, which a one-file bundle inlines with all its exports: ~15 KB) for
 * operations that stream events; none of the operations Threadline calls does. The Lambda client
 * also builds an event-stream marshaller when it is constructed, so this one can be built, and
 * only using it (an event-stream operation) fails, with a message that says why.
 */
const notBundled = (): never => {
  throw new Error('@smithy/core/event-streams is not bundled: no Threadline function calls an event-stream operation');
};

type SerdeConfigInput = { eventStreamSerdeProvider: (input: SerdeConfigInput) => unknown };

export const eventStreamSerdeProvider = () => ({ serialize: notBundled, deserialize: notBundled });

export const resolveEventStreamSerdeConfig = <T extends SerdeConfigInput>(input: T) =>
  Object.assign(input, { eventStreamMarshaller: input.eventStreamSerdeProvider(input) });

export class EventStreamSerde {
  constructor() {
    notBundled();
  }
}
