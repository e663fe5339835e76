// Stand-in for react-devtools-core, which Ink loads only in development.
export default { initialize() {}, connectToDevTools() {} };
