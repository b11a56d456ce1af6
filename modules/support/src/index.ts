/** The support module's only public door (being built: see issue 9). */
export {};
