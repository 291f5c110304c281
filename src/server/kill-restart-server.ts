/**
 * The kill -9 tests' server: main.ts, with the built-in test gateway taking as long to answer as a real one,
 * before and after doing its work, so the moments between the shop's commit and the gateway's answer, which a
 * kill must be able to land in, last as long as in production rather than a fraction of a millisecond.
 */
import { TestGateway } from './payments/test-gateway.ts';

const GATEWAY_LATENCY_MS = 15;

const answering = async <T>(work: () => Promise<T>): Promise<T> => {
  await new Promise((resolve) => setTimeout(resolve, GATEWAY_LATENCY_MS));
  const result = await work();
  await new Promise((resolve) => setTimeout(resolve, GATEWAY_LATENCY_MS));
  return result;
};

const gateway = TestGateway.prototype;
const { authorize, capture, refund, void: release } = gateway;
gateway.authorize = function (request) {
  return answering(() => authorize.call(this, request));
};
gateway.capture = function (request) {
  return answering(() => capture.call(this, request));
};
gateway.refund = function (request) {
  return answering(() => refund.call(this, request));
};
gateway.void = function (request) {
  return answering(() => release.call(this, request));
};

await import('./main.ts');
