export { startTestApp, startTestServer, type TestApp, type TestServer } from '../../services/test/testApp';
