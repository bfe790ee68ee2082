// A test file can run as a machine in another time zone would, e.g. a browser far from Kenya:
//   /** @jest-environment-options {"timeZone": "America/New_York"} */
// at the top of the file. Node reads TZ afresh when it changes; it is put back after the file.
module.exports = function withTimeZone(Environment) {
  return class extends Environment {
    constructor(config, context) {
      super(config, context);
      this.timeZone = config.projectConfig.testEnvironmentOptions?.timeZone;
    }

    async setup() {
      if (this.timeZone) {
        this.previousTimeZone = process.env.TZ;
        process.env.TZ = this.timeZone;
      }
      await super.setup();
    }

    async teardown() {
      if (this.timeZone) {
        if (this.previousTimeZone === undefined) delete process.env.TZ;
        else process.env.TZ = this.previousTimeZone;
      }
      await super.teardown();
    }
  };
};
