export { startTestApp, startTestServer, type TestApp } from '../../services/test/testApp';
